/**
 * A package's pictures (docs/packages.md "Images"): stored by the shared media piece (lib/media.ts: S3 on AWS, a local
 * folder locally), listed in order on the package item; the first is the cover. Each change is a conditional write
 * on the version read, so two staff ordering at once cannot lose a picture.
 */
import * as api from '@tp/contracts/endpoints/packages';
import { PACKAGE_MSG, type TPackage } from '@tp/contracts/endpoints/packages';
import { MAX_PACKAGE_IMAGES, isPermutation } from '@tp/domain/packages';
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import { fail } from '#lib/errors';
import { deleteImage, saveImage } from '#lib/media';
import type { PackageRecord } from './model.ts';
import { ownPackage, type PackageScope } from './packages.ts';
import * as repo from './repo.ts';
import { answers, reply } from '#lib/answers';

async function store(scope: PackageScope, before: PackageRecord, images: PackageRecord['images']): Promise<TPackage> {
  const next: PackageRecord = { ...before, images, version: before.version + 1, updatedAt: scope.now.toISOString() };
  if (!(await repo.putPackage(scope.site.siteId, next, before.version)))
    throw fail.conflict(PACKAGE_MSG.changedMeanwhile);
  return { ...next, supplierName: null };
}

export async function addImage(
  scope: PackageScope,
  input: ParsedRequestOf<typeof api.addPackageImage>,
): Promise<TPackage> {
  const p = await ownPackage(scope, input.id);
  if (p.images.length >= MAX_PACKAGE_IMAGES)
    throw fail.validation(PACKAGE_MSG.tooManyImages, { image: PACKAGE_MSG.tooManyImages });
  const saved = await saveImage(scope.site.siteId, `packages/${p.id}`, input.image);
  const caption = input.caption || p.title;
  try {
    return await store(scope, p, [...p.images, { ...saved, caption }]);
  } catch (err) {
    // Not on the package: the stored file would be an orphan.
    await deleteImage(scope.site.siteId, saved.key).catch(() => undefined);
    throw err;
  }
}

export async function orderImages(
  scope: PackageScope,
  input: ParsedRequestOf<typeof api.orderPackageImages>,
): Promise<TPackage> {
  const p = await ownPackage(scope, input.id);
  if (
    !isPermutation(
      input.keys,
      p.images.map((i) => i.key),
    )
  )
    throw fail.validation(PACKAGE_MSG.imageOrder, { keys: PACKAGE_MSG.imageOrder });
  const byKey = new Map(p.images.map((i) => [i.key, i]));
  return store(
    scope,
    p,
    input.keys.map((k) => byKey.get(k)!),
  );
}

export async function deletePackageImage(
  scope: PackageScope,
  input: ParsedRequestOf<typeof api.deletePackageImage>,
): Promise<TPackage> {
  const p = await ownPackage(scope, input.id);
  if (!p.images.some((i) => i.key === input.key)) throw fail.notFound(PACKAGE_MSG.unknownImage);
  const saved = await store(
    scope,
    p,
    p.images.filter((i) => i.key !== input.key),
  );
  await deleteImage(scope.site.siteId, input.key).catch((err: unknown) =>
    scope.log.warn('package image not deleted', { key: input.key, err: String(err) }),
  );
  return saved;
}

// The packages Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerAddPackageImage = answers(api.addPackageImage, async (input, scope) =>
  reply(await addImage(scope, input), { message: PACKAGE_MSG.imageAdded }),
);
export const answerOrderPackageImages = answers(api.orderPackageImages, async (input, scope) =>
  reply(await orderImages(scope, input), { message: PACKAGE_MSG.imagesOrdered }),
);
export const answerDeletePackageImage = answers(api.deletePackageImage, async (input, scope) =>
  reply(await deletePackageImage(scope, input), { message: PACKAGE_MSG.imageDeleted }),
);
