import { describe, expect, it } from 'vitest';
import { ALL, cacheTags, postWriteTags } from '../plugins/read-cache';
import { FIXED_PAGES, itemsNeeded, purgePaths } from './purge-paths';

const both = (page: string) => [`${page}?lng=en`, `${page}?lng=ar`];
const FEEDS = ['/feed.xml?lng=en', '/feed.xml?lng=ar'];

describe('purgePaths', () => {
  it("names a post's write: its page, the blog, the home page's newest posts, the feeds and the sitemap", () => {
    expect(purgePaths(postWriteTags({ slug: 'hello', language: 'en' })).sort()).toEqual(
      [...both('/blog/hello'), ...both('/blog'), ...both('/'), ...FEEDS, '/sitemap.xml'].sort(),
    );
  });

  it("names a renamed post's old and new pages, an Arabic slug percent-encoded", () => {
    const paths = purgePaths(
      postWriteTags({ slug: 'old', language: 'ar' }, { slug: 'مرحبا', language: 'ar' }),
    );
    expect(paths).toEqual(
      expect.arrayContaining([...both('/blog/old'), ...both(`/blog/${encodeURIComponent('مرحبا')}`)]),
    );
    expect(paths).not.toContain('/about?lng=en');
  });

  it('names each URL once, pages at both language URLs first', () => {
    const paths = purgePaths([cacheTags.post('a'), cacheTags.post('a'), cacheTags.postList('en')]);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.slice(0, 2)).toEqual(both('/blog/a'));
  });

  it.each([
    ['faq', both('/services')],
    ['pricing', [...both('/'), ...both('/pricing'), ...both('/services'), ...both('/contact')]],
    ['home', both('/')],
    ['client-logos', both('/')],
  ])('names the pages that read %s', (tag, expected) => {
    expect(purgePaths([tag]).sort()).toEqual([...expected].sort());
  });

  it("names the portfolio's pages: the list, the home page's teaser, each project, the sitemap", () => {
    expect(purgePaths(['portfolio'], { projects: ['site-a'] }).sort()).toEqual(
      [...both('/'), ...both('/portfolio'), ...both('/portfolio/site-a'), '/sitemap.xml'].sort(),
    );
  });

  it('names every page for the services (the footer shows them), with each service page', () => {
    const paths = purgePaths([cacheTags.services], { services: ['web-design'], projects: ['ignored'] });
    for (const page of FIXED_PAGES) expect(paths).toEqual(expect.arrayContaining(both(page)));
    expect(paths).toEqual(expect.arrayContaining([...both('/services/web-design'), '/sitemap.xml']));
    expect(paths).not.toContain('/portfolio/ignored?lng=en');
  });

  it('names every page and the feeds for the settings (site-wide)', () => {
    const paths = purgePaths(['settings'], { services: ['seo'], projects: ['site-a'] });
    for (const page of [...FIXED_PAGES, '/services/seo', '/portfolio/site-a'])
      expect(paths).toEqual(expect.arrayContaining(both(page)));
    expect(paths).toEqual(expect.arrayContaining(FEEDS));
  });

  it('names everything it can for `*` and for a tag it does not know', () => {
    for (const tag of [ALL, 'a-kind-added-later']) {
      const paths = purgePaths([tag], { services: ['seo'], projects: ['site-a'] });
      for (const page of [...FIXED_PAGES, '/services/seo', '/portfolio/site-a'])
        expect(paths).toEqual(expect.arrayContaining(both(page)));
      expect(paths).toEqual(expect.arrayContaining([...FEEDS, '/sitemap.xml']));
    }
  });

  it('names nothing for no tags', () => {
    expect(purgePaths([])).toEqual([]);
  });
});

describe('itemsNeeded', () => {
  it('asks the database only for what the pages need', () => {
    expect(itemsNeeded(postWriteTags({ slug: 'a', language: 'en' }))).toEqual({
      services: false,
      projects: false,
    });
    expect(itemsNeeded(['faq', 'pricing', 'home'])).toEqual({ services: false, projects: false });
    expect(itemsNeeded([cacheTags.services])).toEqual({ services: true, projects: false });
    expect(itemsNeeded(['portfolio'])).toEqual({ services: false, projects: true });
    expect(itemsNeeded(['settings'])).toEqual({ services: true, projects: true });
    expect(itemsNeeded([ALL])).toEqual({ services: true, projects: true });
  });
});
