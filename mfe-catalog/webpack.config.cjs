const { createConfig } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfig(
    {
      name: 'catalog',
      dir: __dirname,
      exposes: { './app': './src/lifecycles.tsx', './SearchOverlay': './src/features/search/SearchOverlay.tsx' },
      devPort: 3001,
    },
    argv,
  );
