import Layout from '@theme/Layout';
import Hero from './_components/home/Hero';
import DeploymentGrid from './_components/home/DeploymentGrid';
import HowItWorks from './_components/home/HowItWorks';
import ComingSoon from './_components/home/ComingSoon';
import Beyond from './_components/home/Beyond';
import CallToAction from './_components/home/CallToAction';

export default function IndexPage(): React.JSX.Element {
  return (
    <Layout
      title="Computer-vision APIs, billed per call"
      description="Object detection, depth estimation, image classification, segmentation and zero-shot vision APIs. Call them with an API key and pay per call from prepaid USD credits."
    >
      <main>
        <Hero />
        <DeploymentGrid />
        <HowItWorks />
        <ComingSoon />
        <Beyond />
        <CallToAction />
      </main>
    </Layout>
  );
}
