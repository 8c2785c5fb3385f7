const { createConfigs } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfigs(
    {
      name: 'catalog',
      dir: __dirname,
      exposes: { './app': './src/exposes/app.ts', './SearchOverlay': './src/exposes/SearchOverlay.tsx' },
      serverEntry: './src/server/index.tsx',
      devPort: 3001,
      // the listing and the product page each load as one chunk with what they share (lib/api, images)
      sharedChunkMinSize: 60_000,
    },
    argv,
  );
