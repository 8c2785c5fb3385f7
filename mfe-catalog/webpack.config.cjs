const { createConfigs } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfigs(
    {
      name: 'catalog',
      dir: __dirname,
      exposes: { './app': './src/lifecycles.tsx', './SearchOverlay': './src/features/search/SearchOverlay.tsx' },
      serverEntry: './src/server.tsx',
      devPort: 3001,
    },
    argv,
  );
