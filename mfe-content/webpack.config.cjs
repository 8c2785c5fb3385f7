const { createConfigs } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfigs({ name: 'content', dir: __dirname, exposes: { './app': './src/lifecycles.tsx' }, serverEntry: './src/server.tsx', devPort: 3004 }, argv);
