import { shellConfig } from '@agency/core/vite-mfe';
import { defineConfig } from 'vite';

export default defineConfig(shellConfig());
