import { mfeConfig } from '@agency/core/vite-mfe';
import { defineConfig } from 'vite';

export default defineConfig(mfeConfig({ name: 'mf_blog', dir: 'mf-blog', port: 5103 }));
