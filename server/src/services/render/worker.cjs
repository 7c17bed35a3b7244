// Worker-thread entry of the render pool (pool.ts). The server runs TypeScript through tsx; a
// worker thread starts without its loader, so it registers tsx's require hook, then loads the
// task module.
require('tsx/cjs');

module.exports = require('./task.ts').render;
