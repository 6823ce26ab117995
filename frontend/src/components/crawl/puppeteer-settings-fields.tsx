import { Fieldset, NumberInput, Slider, Stack, Switch, Text } from '@mantine/core';
import { LIMITS, type CrawlRunSettings } from '@vendorwatch/contracts';

interface PuppeteerSettingsFieldsProps {
  value: CrawlRunSettings;
  onChange: (value: CrawlRunSettings) => void;
  disabled?: boolean;
}

const RETRY_MARKS = Array.from({ length: LIMITS.maxRetries.max - LIMITS.maxRetries.min + 1 }, (_, index) => {
  const value = LIMITS.maxRetries.min + index;
  return { value, label: String(value) };
});

/** The headless browser's options shared by the crawl dialog and the test crawler. */
export function PuppeteerSettingsFields({ value, onChange, disabled }: PuppeteerSettingsFieldsProps) {
  const set = <K extends keyof CrawlRunSettings>(key: K, next: CrawlRunSettings[K]) => onChange({ ...value, [key]: next });

  return (
    <Fieldset legend="Puppeteer settings" disabled={disabled} data-testid="puppeteer-settings">
      <Stack gap="md">
        <Switch
          label="Simulate human behavior"
          checked={value.simulateHumanBehavior}
          onChange={(event) => set('simulateHumanBehavior', event.currentTarget.checked)}
        />
        <Switch label="Use proxy" checked={value.useProxy} onChange={(event) => set('useProxy', event.currentTarget.checked)} />
        <Switch
          label="Take screenshots"
          checked={value.takeScreenshots}
          onChange={(event) => set('takeScreenshots', event.currentTarget.checked)}
        />
        <Stack gap={4} pb="md">
          <Text size="sm" fw={500}>
            Max Retries: {value.maxRetries}
          </Text>
          <Slider
            min={LIMITS.maxRetries.min}
            max={LIMITS.maxRetries.max}
            step={LIMITS.maxRetries.step}
            marks={RETRY_MARKS}
            value={value.maxRetries}
            onChange={(next) => set('maxRetries', next)}
            thumbLabel="Max Retries"
            disabled={disabled}
          />
        </Stack>
        <NumberInput
          label="Wait Time (ms)"
          description="How long to wait after each page loads"
          min={LIMITS.waitTimeMs.min}
          max={LIMITS.waitTimeMs.max}
          step={LIMITS.waitTimeMs.step}
          allowDecimal={false}
          allowNegative={false}
          value={value.waitTime}
          // Emptying the field means no wait, not an invalid setting.
          onChange={(next) => set('waitTime', typeof next === 'number' ? next : 0)}
        />
      </Stack>
    </Fieldset>
  );
}
