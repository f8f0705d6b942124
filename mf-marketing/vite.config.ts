import { mfeConfig } from '@agency/core/vite-mfe';
import { defineConfig } from 'vite';

export default defineConfig(mfeConfig({ name: 'mf_marketing', dir: 'mf-marketing', port: 5102 }));
