// A heading and the dimmed sentence under it, as a card, a drawer, a sign-in form or an error page opens.
// The caller places the pair (in a Stack or a div); the heading's level is said, never guessed.
import { Text, Title, type TitleOrder } from '@mantine/core';

interface TitleAndSubtitleProps {
  title: string;
  subtitle: string;
  order: TitleOrder;
  /** The heading's look when it differs from its level (a card's h2 drawn as h4). */
  titleSize?: 'h4';
  /** Semi-bold, as the sign-in and error pages have it. */
  bold?: boolean;
  subtitleSize?: 'sm' | 'lg';
}

export function TitleAndSubtitle({
  title,
  subtitle,
  order,
  titleSize,
  bold = false,
  subtitleSize = 'sm',
}: TitleAndSubtitleProps) {
  return (
    <>
      <Title order={order} {...(titleSize && { size: titleSize })} {...(bold && { fw: 600 })}>
        {title}
      </Title>
      <Text c="dimmed" size={subtitleSize}>
        {subtitle}
      </Text>
    </>
  );
}
