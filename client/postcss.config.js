// Mantine's PostCSS preset: rem(), light-dark() and the breakpoint mixins in our CSS modules.
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
