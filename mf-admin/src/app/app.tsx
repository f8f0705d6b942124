import {
  BrowserRouter,
  loadToastify,
  Navigate,
  Route,
  Routes,
  useLocation,
  useParams,
  useTranslation,
} from '@agency/core';
import { lazy, Suspense, useEffect } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { OfflineBanner } from '../components/offline-banner';
import { LoginPage } from '../features/auth/components/login-page';
import { AdminLayout } from './admin-layout';
import { UnauthorizedRedirect } from './unauthorized-redirect';
import './admin.css';

// Every screen loads only when opened (the editor with Quill behind it, the posts manager, the account
// screen), so that the sign-in screen carries none of them.
// The unsent drafts' list shows inside the posts manager, and loads with it: not on the sign-in screen.
const UnsentDrafts = lazy(() =>
  import('../features/drafts/components/unsent-drafts').then((m) => ({ default: m.UnsentDrafts })),
);
const PostsManager = lazy(() =>
  import('../features/posts-manager/components/posts-manager').then((m) => ({ default: m.PostsManager })),
);
const NewPostPage = lazy(() =>
  import('../features/post-editor/components/new-post-page').then((m) => ({ default: m.NewPostPage })),
);
const EditPostPage = lazy(() =>
  import('../features/post-editor/components/edit-post-page').then((m) => ({ default: m.EditPostPage })),
);

// Reached from an invitation's link, without a session: its own small chunk, not the sign-in screen's.
const InvitationPage = lazy(() =>
  import('../features/auth/components/invitation-page').then((m) => ({ default: m.InvitationPage })),
);

const AccountPage = lazy(() =>
  import('../features/account/components/account-page').then((m) => ({ default: m.AccountPage })),
);

// The inbox holds strangers' details and loads only when an editor opens it.
const MessagesPage = lazy(() =>
  import('../features/messages/components/messages-page').then((m) => ({ default: m.MessagesPage })),
);
// The site's editable content (the FAQ first) loads only when opened.
const FaqListScreen = lazy(() =>
  import('../features/faq/components/faq-screens').then((m) => ({ default: m.FaqListScreen })),
);
// The services' two screens route themselves, inside their own chunk (/site/services and /site/services/{key}).
const ServicesScreens = lazy(() =>
  import('../features/services/components/services-screens').then((m) => ({ default: m.ServicesRoutes })),
);
const FaqItemScreen = lazy(() =>
  import('../features/faq/components/faq-screens').then((m) => ({ default: m.FaqItemScreen })),
);
const PricingListScreen = lazy(() =>
  import('../features/pricing/components/pricing-screens').then((m) => ({ default: m.PricingListScreen })),
);
const PricingPlanScreen = lazy(() =>
  import('../features/pricing/components/pricing-screens').then((m) => ({ default: m.PricingPlanScreen })),
);
// One screen for the FAQ's and pricing's categories (/site/faq/categories, /site/pricing/categories).
const CategoryScreen = lazy(() =>
  import('../features/content/components/category-screen').then((m) => ({ default: m.CategoryScreen })),
);
const SettingsScreen = lazy(() =>
  import('../features/settings/components/settings-screen').then((m) => ({ default: m.SettingsScreen })),
);
const PortfolioListScreen = lazy(() =>
  import('../features/portfolio/components/portfolio-screens').then((m) => ({
    default: m.PortfolioListScreen,
  })),
);
const PortfolioProjectScreen = lazy(() =>
  import('../features/portfolio/components/portfolio-screens').then((m) => ({
    default: m.PortfolioProjectScreen,
  })),
);
// The media library: every stored image, its alt texts and uses (its own chunk, as its picker has).
const MediaScreen = lazy(() =>
  import('../features/media/components/media-screen').then((m) => ({ default: m.MediaScreen })),
);
const PeopleScreen = lazy(() =>
  import('../features/people/components/people-screen').then((m) => ({ default: m.PeopleScreen })),
);
const AuditScreen = lazy(() =>
  import('../features/audit/components/audit-screen').then((m) => ({ default: m.AuditScreen })),
);
const HomeTextsScreen = lazy(() =>
  import('../features/home/components/home-screens').then((m) => ({ default: m.HomeTextsScreen })),
);
const LogosListScreen = lazy(() =>
  import('../features/home/components/home-screens').then((m) => ({ default: m.LogosListScreen })),
);
const LogoItemScreen = lazy(() =>
  import('../features/home/components/home-screens').then((m) => ({ default: m.LogoItemScreen })),
);
// Reached without a session, from the sign-in page or a link in an e-mail: loaded only when opened.
const ForgotPage = lazy(() =>
  import('../features/auth/components/forgot-page').then((m) => ({ default: m.ForgotPage })),
);
const ResetPage = lazy(() =>
  import('../features/auth/components/reset-page').then((m) => ({ default: m.ResetPage })),
);
const MessagePage = lazy(() =>
  import('../features/messages/components/message-page').then((m) => ({ default: m.MessagePage })),
);

/** What a screen loaded when opened says while it loads, and if its code cannot be fetched. */
const SCREEN_TEXTS = {
  posts: { loading: 'posts.loading', error: 'content.screenLoadError' },
  editor: { loading: 'editor.loadingEditor', error: 'editor_load_error' },
  account: { loading: 'account.loading', error: 'account.loadError' },
  messages: { loading: 'messages.loadingScreen', error: 'messages.screenLoadError' },
  content: { loading: 'content.loading', error: 'content.screenLoadError' },
  login: { loading: 'passwordReset.loading', error: 'passwordReset.loadError' },
} as const;

/** A screen loaded when opened: what shows while it loads, and if its code cannot be fetched. */
function EditorScreen({
  children,
  kind = 'editor',
}: {
  children: React.ReactNode;
  kind?: keyof typeof SCREEN_TEXTS;
}) {
  const { t } = useTranslation('admin');
  const texts = SCREEN_TEXTS[kind];
  return (
    <ErrorBoundary fallback={<p className="admin-alert admin-alert--error container">{t(texts.error)}</p>}>
      <Suspense fallback={<p className="admin-checking container">{t(texts.loading)}</p>}>
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}

/** A new location (the 'new post' link, even from the same screen) starts a fresh form. */
function NewPostRoute() {
  const location = useLocation();
  return (
    <EditorScreen>
      <NewPostPage key={location.key} />
    </EditorScreen>
  );
}

function EditPostRoute() {
  const { slug = '' } = useParams();
  return (
    <EditorScreen>
      <EditPostPage key={slug} slug={slug} />
    </EditorScreen>
  );
}

function MessageRoute() {
  const { id = '' } = useParams();
  return (
    <EditorScreen kind="messages">
      <MessagePage key={id} id={id} />
    </EditorScreen>
  );
}

/** The spec's edit screen navigates to /posts/edit/{slug} after a slug change: send it to the real route. */
function EditAlias() {
  const { slug = '' } = useParams();
  const location = useLocation();
  return <Navigate replace to={`/edit_blog/${encodeURIComponent(slug)}`} state={location.state} />;
}

export function App() {
  // The editor screens report their outcomes in toasts, which may come while offline: fetch the toast code
  // when the editor first presses a key or a pointer on the screen (an outcome follows an action), not with the
  // screen; public pages get it with their first toast.
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const load = () => {
      for (const type of events) window.removeEventListener(type, load, true);
      loadToastify().catch(() => undefined);
    };
    for (const type of events) window.addEventListener(type, load, true);
    return () => {
      for (const type of events) window.removeEventListener(type, load, true);
    };
  }, []);
  return (
    <div data-mfe="@agency/mf-admin">
      <BrowserRouter>
        <UnauthorizedRedirect />
        <OfflineBanner />
        <Routes>
          <Route element={<AdminLayout />}>
            <Route
              path="/posts"
              element={
                <EditorScreen kind="posts">
                  <PostsManager>
                    {/* Its own boundary: the list shows while the drafts' code loads. */}
                    <Suspense fallback={null}>
                      <UnsentDrafts />
                    </Suspense>
                  </PostsManager>
                </EditorScreen>
              }
            />
            <Route path="/new_blog" element={<NewPostRoute />} />
            <Route path="/edit_blog/:slug" element={<EditPostRoute />} />
            <Route
              path="/account"
              element={
                <EditorScreen kind="account">
                  <AccountPage />
                </EditorScreen>
              }
            />
            <Route
              path="/messages"
              element={
                <EditorScreen kind="messages">
                  <MessagesPage />
                </EditorScreen>
              }
            />
            <Route path="/messages/:id" element={<MessageRoute />} />
            <Route
              path="/site/faq"
              element={
                <EditorScreen kind="content">
                  <FaqListScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/faq/categories"
              element={
                <EditorScreen kind="content">
                  <CategoryScreen key="faq" kind="faq" />
                </EditorScreen>
              }
            />
            <Route
              path="/site/faq/:id"
              element={
                <EditorScreen kind="content">
                  <FaqItemScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/pricing"
              element={
                <EditorScreen kind="content">
                  <PricingListScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/media"
              element={
                <EditorScreen kind="content">
                  <MediaScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/people"
              element={
                <EditorScreen kind="account">
                  <PeopleScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/audit"
              element={
                <EditorScreen kind="account">
                  <AuditScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/home"
              element={
                <EditorScreen kind="content">
                  <HomeTextsScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/portfolio"
              element={
                <EditorScreen kind="content">
                  <PortfolioListScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/logos"
              element={
                <EditorScreen kind="content">
                  <LogosListScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/pricing/categories"
              element={
                <EditorScreen kind="content">
                  <CategoryScreen key="pricing" kind="pricing" />
                </EditorScreen>
              }
            />
            <Route
              path="/site/pricing/:id"
              element={
                <EditorScreen kind="content">
                  <PricingPlanScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/services/*"
              element={
                <EditorScreen kind="content">
                  <ServicesScreens />
                </EditorScreen>
              }
            />
            <Route
              path="/site/settings"
              element={
                <EditorScreen kind="content">
                  <SettingsScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/portfolio/:id"
              element={
                <EditorScreen kind="content">
                  <PortfolioProjectScreen />
                </EditorScreen>
              }
            />
            <Route
              path="/site/logos/:id"
              element={
                <EditorScreen kind="content">
                  <LogoItemScreen />
                </EditorScreen>
              }
            />
          </Route>
          <Route path="/posts/edit/:slug" element={<EditAlias />} />
          <Route path="/login" element={<LoginPage />} />
          <Route
            path="/login/forgot"
            element={
              <EditorScreen kind="login">
                <ForgotPage />
              </EditorScreen>
            }
          />
          <Route
            path="/login/reset"
            element={
              <EditorScreen kind="login">
                <ResetPage />
              </EditorScreen>
            }
          />
          <Route
            path="/login/invitation"
            element={
              <EditorScreen kind="account">
                <InvitationPage />
              </EditorScreen>
            }
          />
        </Routes>
      </BrowserRouter>
    </div>
  );
}
