/** Sample images bundled with the site (scripts/generate-samples.mjs draws them). */
import { DEPLOYMENT_CATALOGUE, type SampleImageId } from '@contract/catalogue';

export interface SampleImage {
  id: SampleImageId;
  label: string;
  src: string;
}

export const SAMPLE_IMAGES: SampleImage[] = [
  { id: 'street', label: 'Street scene', src: '/img/samples/street.jpg' },
  { id: 'pets', label: 'Pets in a living room', src: '/img/samples/pets.jpg' },
  { id: 'mountains', label: 'Mountain lake', src: '/img/samples/mountains.jpg' },
];

/** The samples for a deployment's playground: the one its catalogue entry names first. */
export function samplesFor(slug: string): SampleImage[] {
  const first = DEPLOYMENT_CATALOGUE.find((entry) => entry.slug === slug)?.sampleImage;
  return [...SAMPLE_IMAGES].sort((a, b) => Number(b.id === first) - Number(a.id === first));
}
