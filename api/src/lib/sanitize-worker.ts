import { type SanitizedContent, sanitizePostContent } from './sanitize';

/** The task of the sanitizer's worker threads (lib/sanitize-pool.ts): one post's content, cleaned. */
export default function sanitizeTask(html: string): SanitizedContent {
  return sanitizePostContent(html);
}
