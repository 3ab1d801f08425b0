'use client';

import type { ProfileResponse, TitleSlug } from '@podbor/contract';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ProfileDisplay } from './profile-display';
import styles from './profile.module.css';

// The editor and the e-mail confirmation bring masks, schemas and the API client: fetched when needed.
const PersonalEditor = dynamic(() => import('./personal-editor'), { ssr: false });
const EmailVerification = dynamic(() => import('./email-verification'), { ssr: false });

/** Personal data: shown as a list, edited in place; a new e-mail is confirmed with the code sent to it. */
export function PersonalCard({
  initial,
  initialDisplay,
  cities,
}: {
  initial: ProfileResponse;
  initialDisplay: ProfileDisplay;
  cities: readonly TitleSlug[];
}) {
  const [profile, setProfile] = useState(initial);
  const [display, setDisplay] = useState(initialDisplay);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');

  const unset = (text: string) => <span className={styles.unset}>{text}</span>;

  return (
    <section className={styles.card} aria-labelledby="personal-title" data-personal-card="">
      <div className={styles.cardHead}>
        <h2 id="personal-title" className={styles.cardTitle}>
          Личные данные
        </h2>
        {!editing ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setNotice('');
              setEditing(true);
            }}
            data-profile-edit=""
          >
            Изменить
          </Button>
        ) : null}
      </div>
      {notice ? (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      ) : null}
      {editing ? (
        <PersonalEditor
          profile={profile}
          cities={cities}
          onCancel={() => setEditing(false)}
          onSaved={(next, nextDisplay) => {
            const emailChanged = next.email.toLowerCase() !== profile.email.toLowerCase();
            setProfile(next);
            setDisplay(nextDisplay);
            setEditing(false);
            setNotice(
              next.email && !next.email_verified && emailChanged
                ? `Данные сохранены. Мы отправили код подтверждения на ${next.email}.`
                : 'Данные сохранены.',
            );
          }}
        />
      ) : (
        <dl className={styles.facts}>
          <div>
            <dt>ФИО</dt>
            <dd data-profile-name="">{display.name || unset('Не указано')}</dd>
          </div>
          <div>
            <dt>Телефон</dt>
            <dd>{display.phone || unset('Не указан')}</dd>
          </div>
          <div>
            <dt>Дата рождения</dt>
            <dd data-profile-birthday="">{display.birthday || unset('Не указана')}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd data-profile-email="">
              {profile.email ? (
                <>
                  {profile.email}{' '}
                  <span className={profile.email_verified ? styles.badgeOk : styles.badgeWarn}>
                    {profile.email_verified ? 'подтверждён' : 'не подтверждён'}
                  </span>
                </>
              ) : (
                unset('Не указан')
              )}
            </dd>
          </div>
          <div>
            <dt>Город</dt>
            <dd data-profile-city="">{profile.city?.title ?? unset('Не выбран')}</dd>
          </div>
          <div>
            <dt>С нами с</dt>
            <dd>{display.joined}</dd>
          </div>
        </dl>
      )}
      {!editing && profile.email && !profile.email_verified ? (
        <EmailVerification
          email={profile.email}
          onVerified={() => setProfile((p) => ({ ...p, email_verified: true }))}
        />
      ) : null}
    </section>
  );
}
