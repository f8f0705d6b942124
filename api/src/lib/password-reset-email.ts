import type { Language } from '@agency/core/language';

/** How long a password reset link works. */
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The address of a reset link. The token is in the fragment: a browser never sends it to a server, so it
 * cannot reach an access log or another site's Referer. `?lng=` opens the page in the language the e-mail
 * was written in.
 */
export function resetLink(origin: string, token: string, language: Language): string {
  return `${origin}/login/reset?lng=${language}#token=${token}`;
}

/** The e-mail that carries a reset link, in the reader's language (the one the forgot page was shown in). */
export function passwordResetEmail(
  language: Language,
  { siteName, name, link }: { siteName: string; name: string; link: string },
): { subject: string; text: string } {
  if (language === 'ar') {
    return {
      subject: `إعادة تعيين كلمة المرور في ${siteName}`,
      text: [
        `مرحبًا ${name}،`,
        '',
        `طلب أحدهم (ونرجو أن تكون أنت) إعادة تعيين كلمة مرور حسابك في ${siteName}.`,
        '',
        'لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال ساعة واحدة:',
        link,
        '',
        'يعمل الرابط مرة واحدة فقط، ويبطل إذا طلبت رابطًا جديدًا.',
        'إذا لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة المرور كما هي.',
      ].join('\n'),
    };
  }
  return {
    subject: `Reset your password for ${siteName}`,
    text: [
      `Hello ${name},`,
      '',
      `Someone (we hope you) asked to reset the password of your account at ${siteName}.`,
      '',
      'To choose a new password, open this link within one hour:',
      link,
      '',
      'The link works once, and stops working if you ask for a new one.',
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}
