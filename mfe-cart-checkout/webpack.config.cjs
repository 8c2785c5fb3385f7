const { createConfig } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfig(
    {
      name: 'cart_checkout',
      dir: __dirname,
      exposes: {
        './app': './src/exposes/app.ts',
        './service': './src/exposes/service.ts',
        './CartDrawer': './src/exposes/CartDrawer.tsx',
        './AccountOrders': './src/exposes/AccountOrders.tsx',
        './AccountPaymentMethods': './src/exposes/AccountPaymentMethods.tsx',
      },
      devPort: 3002,
    },
    argv,
  );
