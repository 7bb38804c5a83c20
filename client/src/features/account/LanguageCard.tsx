import { Card } from '@mantine/core';
import { LanguageSection } from '../../app/customizer/SettingsForm.tsx';

/** The language, on the account page too (the seed's account settings list it). */
export function LanguageCard() {
  return (
    <Card>
      <LanguageSection idPrefix="" />
    </Card>
  );
}
