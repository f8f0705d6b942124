import { ApiError } from '@agency/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arabicPost, json, makePost, postsPage, requestedQuery, stubFetch } from '../../../testing/posts';
import { getPosts, NoPostsError } from './get-posts';

describe('getPosts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for 9 posts of the page in the given language', async () => {
    const spy = stubFetch(() => json(postsPage([makePost(1)])));
    await getPosts('ar', 3);
    expect(String(spy.mock.calls[0]?.[0])).toMatch(/^\/api\/posts\?/);
    expect(requestedQuery(spy)).toEqual({ language: 'ar', per_page: '9', page: '3' });
  });

  it('drops posts written in another language', async () => {
    stubFetch(() => json(postsPage([makePost(1), arabicPost(2), makePost(3)])));
    const result = await getPosts('en', 1);
    expect(result.data.map((post) => post.id)).toEqual([1, 3]);
  });

  it.each([
    { body: { data: [] }, why: 'a list at data instead of data.data' },
    { body: { data: { data: 'nope' } }, why: 'data.data not a list' },
    { body: null, why: 'an empty body' },
  ])('rejects with NoPostsError on $why', async ({ body }) => {
    stubFetch(() => new Response(body === null ? '' : JSON.stringify(body)));
    await expect(getPosts('en', 1)).rejects.toBeInstanceOf(NoPostsError);
  });

  it('rejects with the status and message of a failed response', async () => {
    stubFetch(() => json({ message: 'The page field must be at least 1.' }, 422));
    const error = await getPosts('en', 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'The page field must be at least 1.' });
  });
});
