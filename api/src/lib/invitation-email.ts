import type { Language } from '@agency/core/language';
import type { Role } from '@agency/core/roles';

/** What an invitation e-mail says: who invites, to what site, as what, the link and until when it works. */
export interface InvitationEmailFacts {
  language: Language;
  siteName: string;
  inviterName: string;
  role: Exclude<Role, 'owner'>;
  /** The single-use link (its token in the fragment). */
  url: string;
  expiresAt: Date;
  /** The site's time zone (SITE_TIME_ZONE): the expiry is written on the site's clock, with the zone named. */
  timeZone: string;
}

const ROLE_NAMES: Record<Language, Record<Exclude<Role, 'owner'>, string>> = {
  en: { administrator: 'an administrator', editor: 'an editor', author: 'an author' },
  ar: { administrator: 'بصفة مسؤول', editor: 'بصفة محرر', author: 'بصفة كاتب' },
};

/** The moment the link stops working, in the e-mail's language and the site's time zone. */
export function invitationExpiry(expiresAt: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(expiresAt);
}

/**
 * The invitation e-mail in the inviter's language (the screen they sent it from). Plain text: the link alone
 * on its line, so every mail program makes it clickable whole.
 */
export function invitationEmail(facts: InvitationEmailFacts): { subject: string; text: string } {
  const { language, siteName, inviterName, url } = facts;
  const role = ROLE_NAMES[language][facts.role];
  const until = invitationExpiry(facts.expiresAt, language, facts.timeZone);
  if (language === 'ar') {
    return {
      subject: `دعوة من ${inviterName} للانضمام إلى ${siteName}`,
      text: [
        'مرحبًا،',
        '',
        `دعاك ${inviterName} للانضمام إلى ${siteName} ${role}.`,
        '',
        'لقبول الدعوة، اختر اسمك وكلمة مرور في هذه الصفحة:',
        url,
        '',
        `يعمل الرابط مرة واحدة فقط، حتى ${until} (72 ساعة).`,
        'إن لم تكن تنتظر هذه الرسالة فتجاهلها، ولن يُنشأ أي حساب.',
      ].join('\n'),
    };
  }
  return {
    subject: `${inviterName} invited you to ${siteName}`,
    text: [
      'Hello,',
      '',
      `${inviterName} invited you to join ${siteName} as ${role}.`,
      '',
      'To accept, choose your name and a password on this page:',
      url,
      '',
      `The link works once, until ${until} (72 hours).`,
      'If you did not expect this e-mail, ignore it: no account is made.',
    ].join('\n'),
  };
}
