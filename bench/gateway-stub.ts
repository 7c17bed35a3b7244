/**
 * The stub inference deployment of `bench:gateway`, in a process of its own: reads the multipart
 * body the gateway forwards and answers an image-classification result. Prints `{"port"}`.
 */
import type net from 'node:net';
import Fastify from 'fastify';

async function main() {
  const stub = Fastify();
  stub.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
  });
  // The gateway authenticates itself (X-VisionAPI-Gateway-Secret): a wrong secret is refused. A
  // baseline built before gateways sent one (--baseline) sends none, and is served.
  const secret = process.env.UPSTREAM_SHARED_SECRET;
  stub.addHook('onRequest', async (request, reply) => {
    const sent = request.headers['x-visionapi-gateway-secret'];
    if (secret && sent !== undefined && sent !== secret) {
      return reply.code(401).send({ error_message: 'not the gateway' });
    }
  });
  stub.post('/*', async () => ({
    image: { width: 64, height: 64, original_width: 64, original_height: 64 },
    predictions: [
      { label: 'cat', score: 0.91 },
      { label: 'dog', score: 0.07 },
    ],
  }));
  await stub.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(
    `${JSON.stringify({ port: (stub.server.address() as net.AddressInfo).port })}\n`,
  );
  process.once('SIGTERM', () => void stub.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
