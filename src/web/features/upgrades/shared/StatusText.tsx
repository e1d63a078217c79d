// A status in its tone's colour (docs/product.md "Constants and limits": success green, warning
// yellow, error red, purple for scheduling).
import { Text } from '@mantine/core';
import { statusTone, type StatusTone } from '../../../../domain';

const TONE_COLOR: Record<StatusTone, string | undefined> = {
  success: 'green',
  warning: 'yellow.8',
  error: 'red',
  scheduling: 'grape',
  neutral: undefined,
};

export function StatusText({ text, tone }: { text: string; tone?: StatusTone }) {
  return (
    <Text span size="sm" c={TONE_COLOR[tone ?? statusTone(text)]} fw={500}>
      {text}
    </Text>
  );
}
