import { mfeConfig } from '@agency/core/vite-mfe';
import { defineConfig } from 'vite';

export default defineConfig(mfeConfig({ name: 'mf_shell', dir: 'mf-shell', port: 5101 }));
