import { mfeConfig } from '@agency/core/vite-mfe';
import { defineConfig } from 'vite';

export default defineConfig(mfeConfig({ name: 'mf_admin', dir: 'mf-admin', port: 5104 }));
