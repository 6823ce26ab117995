import { Image, Loader, Text } from '@mantine/core';
import { useScreenshot } from '../api/get-screenshot';

/** Loads a screenshot with the bearer token and shows it through an object URL. */
export function CrawlPageScreenshot({ url, alt }: { url: string; alt: string }) {
  const screenshot = useScreenshot({ url });
  if (screenshot.isPending) return <Loader size="xs" aria-label="Loading screenshot" />;
  if (screenshot.isError) {
    return (
      <Text size="sm" c="red">
        {screenshot.error.message}
      </Text>
    );
  }
  const blob = screenshot.data;
  return (
    <Image
      alt={alt}
      radius="sm"
      maw={640}
      // The object URL lives exactly as long as the <img> that shows it (React 19 ref cleanup).
      ref={(img: HTMLImageElement | null) => {
        if (!img) return;
        const src = URL.createObjectURL(blob);
        img.src = src;
        return () => URL.revokeObjectURL(src);
      }}
    />
  );
}
