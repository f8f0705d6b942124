// What a start does once the database is open: the seeds (with their content and images) and the first editor.
// server.ts imports it while the database opens, not before: its modules (the seeds' texts among them) load
// meanwhile instead of delaying the opening.
export { seedFaq } from './db/seed/faq';
export { seedHome } from './db/seed/home';
export { seedServices } from './db/seed/index';
export { seedPortfolio } from './db/seed/portfolio';
export { seedPosts } from './db/seed/posts';
export { seedPricing } from './db/seed/pricing';
export { imageStoreOf } from './lib/image-store';
export { createEditor } from './lib/users';
