import { useState } from 'react';
import { Group, Image, Stack, Text } from '@mantine/core';
import type { TPackageImage } from '@tp/contracts/endpoints/packages';
import classes from './packages.module.css';

/** The package's pictures: the chosen one large with its caption, the others as buttons below. */
export function Gallery({ images, title }: { images: TPackageImage[]; title: string }) {
  const [at, setAt] = useState(0);
  const shown = images[Math.min(at, images.length - 1)];
  if (!shown)
    return (
      <div className={`${classes.noImage} ${classes.hero}`} aria-hidden="true">
        {title}
      </div>
    );
  return (
    <Stack gap="xs">
      <figure style={{ margin: 0 }}>
        <Image src={shown.url} alt={shown.caption} className={classes.hero} mah={420} fit="cover" />
        <Text component="figcaption" size="sm" c="dimmed" mt={4}>
          {shown.caption}
        </Text>
      </figure>
      {images.length > 1 && (
        <Group gap="xs" role="group" aria-label="Pictures">
          {images.map((img, i) => (
            <button
              key={img.key}
              type="button"
              className={classes.thumb}
              aria-pressed={img === shown}
              aria-label={`Show picture ${i + 1}: ${img.caption}`}
              onClick={() => setAt(i)}
            >
              <Image src={img.url} alt="" w={88} h={56} fit="cover" />
            </button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
