// A heading and the dimmed sentence under it, as a card, a drawer, a sign-in form or an error page opens.
// The caller places the pair (in a Stack or a div). Each place has one look:
//   card    a card's or drawer's title: an h2 drawn as h4, a small sentence
//   form    the sign-in forms' h3, semi-bold, a small sentence
//   screen  the error screens' h2, semi-bold, a large sentence
import { Text, Title } from '@mantine/core';

const looks = {
  card: { title: { order: 2, size: 'h4' }, subtitle: 'sm' },
  form: { title: { order: 3, fw: 600 }, subtitle: 'sm' },
  screen: { title: { order: 2, fw: 600 }, subtitle: 'lg' },
} as const;

interface TitleAndSubtitleProps {
  look: keyof typeof looks;
  title: string;
  subtitle: string;
}

export function TitleAndSubtitle({ look, title, subtitle }: TitleAndSubtitleProps) {
  return (
    <>
      <Title {...looks[look].title}>{title}</Title>
      <Text c="dimmed" size={looks[look].subtitle}>
        {subtitle}
      </Text>
    </>
  );
}
