import type { BackendModule, InitOptions, ReadCallback, Services } from 'i18next';
import type { HttpBackendOptions } from 'i18next-http-backend';

type HttpBackendModule = BackendModule<HttpBackendOptions>;

/**
 * i18next-http-backend, fetched with the first translation file the page does not have. A page the server
 * rendered carries its translations, so most first loads read none and never download the backend (2.5 KB
 * gzip); a move to a page of another micro-frontend, or a page without the server's data, reads its files
 * through it as before, with its limits (parallel reads, retries). A failed download counts as a failed read
 * (i18next tries again, as for a file) and is asked for again at the next read.
 */
export class LazyHttpBackend implements HttpBackendModule {
  static readonly type = 'backend';
  readonly type = 'backend';
  private settings: [Services, HttpBackendOptions, InitOptions] | undefined;
  private loading: Promise<HttpBackendModule> | undefined;

  /** `load` fetches the library (i18next makes this with none: the real module). */
  constructor(
    private readonly load: () => Promise<{ default: new () => unknown }> = () =>
      import('i18next-http-backend'),
  ) {}

  init(services: Services, backendOptions: HttpBackendOptions = {}, i18nextOptions: InitOptions = {}): void {
    this.settings = [services, backendOptions, i18nextOptions];
    this.loading = undefined;
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    this.backend().then(
      (backend) => backend.read(language, namespace, callback),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  }

  /** The library's backend, set up with this one's settings; fetched once (again after a failure). */
  private backend(): Promise<HttpBackendModule> {
    if (!this.loading) {
      const settings = this.settings;
      if (!settings) return Promise.reject(new Error('the translation backend was not initialised'));
      const loading = this.load().then(({ default: HttpBackend }) => {
        // Its init takes i18next's options too (its type declares two of the three).
        const backend = new HttpBackend() as unknown as HttpBackendModule;
        backend.init(...settings);
        return backend;
      });
      loading.catch(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }
}
