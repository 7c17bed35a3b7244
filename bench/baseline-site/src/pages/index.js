import Layout from '@theme/Layout';
export default function Home() { return <Layout title="Home"><main><h1>Home</h1></main></Layout>; }
