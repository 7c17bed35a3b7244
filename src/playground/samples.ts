/** Sample images bundled with the site (scripts/generate-samples.mjs draws them). */
export interface SampleImage {
  id: string;
  label: string;
  src: string;
}

export const SAMPLE_IMAGES: SampleImage[] = [
  { id: 'street', label: 'Street scene', src: '/img/samples/street.jpg' },
  { id: 'pets', label: 'Pets in a living room', src: '/img/samples/pets.jpg' },
  { id: 'mountains', label: 'Mountain lake', src: '/img/samples/mountains.jpg' },
];
