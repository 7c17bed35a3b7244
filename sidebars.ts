import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

/** The single `dashboard` sidebar (spec §2). Doc ids follow the file paths under docs/. */
const sidebars = {
  dashboard: [
    {
      type: 'category',
      label: 'Public deployment',
      link: { type: 'doc', id: 'public-deployment/index' },
      collapsible: true,
      collapsed: false,
      items: [
        'public-deployment/object-detection',
        'public-deployment/depth-estimation',
        'public-deployment/image-classification',
        {
          type: 'category',
          label: 'Image segmentation',
          link: {
            type: 'generated-index',
            slug: '/public-deployment/image-segmentation/',
            title: 'Image segmentation',
            description:
              'Label every pixel: semantic, instance and panoptic segmentation endpoints.',
          },
          items: [
            'public-deployment/image-segmentation/semantic',
            'public-deployment/image-segmentation/instance',
            'public-deployment/image-segmentation/panoptic',
          ],
        },
        'public-deployment/zero-shot-image-classification',
        'public-deployment/zero-shot-object-detection',
        {
          type: 'category',
          label: 'Coming soon',
          collapsed: true,
          items: [
            'public-deployment/image-inpainting',
            'public-deployment/image-matching',
            'public-deployment/image-restoration',
            'public-deployment/image-to-image',
            'public-deployment/image-understanding',
            'public-deployment/invisible-watermark',
            'public-deployment/object-removal',
            'public-deployment/super-resolution',
            'public-deployment/visual-question-answering',
          ],
        },
      ],
    },
    'private-deployment',
    'ai-training-studio',
  ],
} satisfies SidebarsConfig;

export default sidebars;
