import { maskPhone, type ProfileResponse, type TitleSlug } from '@podbor/contract';
import { PasswordCard } from './password-card';
import { PersonalCard } from './personal-card';
import { profileDisplay } from './profile-display';
import { VehicleCard } from './vehicle-card';
import styles from './profile.module.css';

export function ProfileView({
  profile,
  cities,
  vehicle,
}: {
  profile: ProfileResponse;
  cities: readonly TitleSlug[];
  vehicle: { id: number; label: string } | null;
}) {
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  return (
    <div className={styles.page}>
      <div>
        <h1 className={styles.title}>Мой профиль</h1>
        <p className={styles.muted}>
          {name ? `${name} · ` : ''}
          {profile.phone_number ? maskPhone(profile.phone_number) : profile.email}
        </p>
      </div>
      <PersonalCard initial={profile} initialDisplay={profileDisplay(profile)} cities={cities} />
      <VehicleCard initial={vehicle} />
      {profile.phone_number ? <PasswordCard /> : null}
    </div>
  );
}
