import {
  isLanguage,
  LANGUAGES,
  type Language,
  useParams,
  useSearchParams,
  useTranslation,
} from '@agency/core';
import { CLIENT_LOGO_KIND, type ClientLogo, HOME_KIND, type HomeField } from '@agency/core/content';
import { useMemo } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { ContentForm } from '../../content/components/content-form';
import { ContentList } from '../../content/components/content-list';
import { HOME_IDS, homeApi, logosApi } from '../api/home-api';

export const HOME_PATH = '/site/home';
export const LOGOS_PATH = '/site/logos';

/** The language in the address (`?language=`), else the editor's own. */
function useChosenLanguage(): [Language, (language: Language) => void] {
  const { i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const raw = params.get('language');
  const language = isLanguage(raw) ? raw : isLanguage(i18n.language) ? i18n.language : 'en';
  return [language, (next) => setParams((p) => ({ ...Object.fromEntries(p), language: next }))];
}

/**
 * /site/home: the home page's texts in one language (chosen in the address), in the shared form: core's
 * rules before sending, the server's 422 by field, a 409 asks which version to keep, and unsent edits are
 * kept on the device per language.
 */
export function HomeTextsScreen() {
  const { t } = useTranslation('admin');
  const [language, setLanguage] = useChosenLanguage();
  useScreenTitle(t('screens.home.title'));
  const labels = useMemo(
    () =>
      Object.fromEntries(
        (Object.keys(HOME_KIND.fields) as HomeField[]).map((name) => [name, t(`home.fields.${name}`)]),
      ),
    [t],
  );
  return (
    <ContentForm
      key={language}
      kind={HOME_KIND}
      api={homeApi}
      id={HOME_IDS[language]}
      language={language}
      translationOf={null}
      labels={labels}
      options={{}}
      initial={EMPTY}
      basePath={HOME_PATH}
      texts={{ newTitle: t('screens.home.title'), editTitle: t('screens.home.title') }}
      single
    >
      <fieldset className="content-list__languages">
        <legend>{t('content.languageLegend')}</legend>
        {LANGUAGES.map((l) => (
          <label key={l} className="content-list__language">
            <input
              type="radio"
              name="home-language"
              checked={l === language}
              onChange={() => setLanguage(l)}
            />
            {t(`content.languages.${l}`)}
          </label>
        ))}
      </fieldset>
      <p className="content-list__hint">{t('home.hint')}</p>
    </ContentForm>
  );
}

const EMPTY = {};

/** /site/logos: the client logos of one language, to reorder, hide, translate, edit or delete. */
export function LogosListScreen() {
  const { t } = useTranslation('admin');
  useScreenTitle(t('screens.logos.title'));
  return (
    <ContentList<ClientLogo>
      api={logosApi}
      groupOf={() => ''}
      titleOf={(logo) => logo.name}
      pictureOf={(logo) => logo.image}
      basePath={LOGOS_PATH}
      idPrefix="logos"
      texts={{ title: t('screens.logos.title'), add: t('logos.add'), empty: t('logos.empty') }}
    />
  );
}

const NEW_LOGO = { name: '', image: '', hidden: false };

/** /site/logos/{id} and /site/logos/new?language=&translation_of=: one logo, its picture and its name. */
export function LogoItemScreen() {
  const { t } = useTranslation('admin');
  const { id: rawId = '' } = useParams();
  const [params] = useSearchParams();
  const [language] = useChosenLanguage();
  const id = rawId === 'new' ? null : Number(rawId);
  const translationOf = Number(params.get('translation_of')) || null;
  useScreenTitle(id === null ? t('logos.newTitle') : t('logos.editTitle'));
  return (
    <ContentForm
      key={`${rawId}:${language}:${translationOf}`}
      kind={CLIENT_LOGO_KIND}
      api={logosApi}
      id={id !== null && Number.isSafeInteger(id) && id > 0 ? id : id === null ? null : -1}
      language={language}
      translationOf={translationOf}
      labels={{
        name: t('logos.fields.name'),
        image: t('logos.fields.image'),
        hidden: t('logos.fields.hidden'),
      }}
      options={{}}
      initial={NEW_LOGO}
      basePath={LOGOS_PATH}
      texts={{ newTitle: t('logos.newTitle'), editTitle: t('logos.editTitle') }}
    />
  );
}
