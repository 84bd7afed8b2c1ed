import type { Config } from 'tailwindcss';

/**
 * Read by src/styles.css through `@config`. Brand colours are CSS variables that the shell sets from the
 * merchant's whitelabel info, so one build serves every white-label brand.
 */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: 'var(--brand-primary)',
        accent: 'var(--brand-accent)',
        // The brand's colours as text on the theme's surfaces (contrast kept, see styles.css).
        'brand-ink': 'var(--brand-ink)',
        'accent-ink': 'var(--accent-ink)',
        danger: 'var(--danger)',
        success: 'var(--success)',
        warning: 'var(--warning)',
        surface: 'var(--surface)',
        raised: 'var(--surface-raised)',
        ink: 'var(--ink)',
        muted: 'var(--ink-muted)',
        line: 'var(--line)',
      },
      maxWidth: { page: '1280px' },
    },
  },
} satisfies Config;
