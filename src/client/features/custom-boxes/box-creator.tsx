// "by {creator}" under a custom box's name on the shared box page.
import { useApiData } from '../../lib/use-api-data.ts';
import { getCustomBox } from '../../lib/api/custom-boxes.ts';

/** The creator line of a custom box (renders nothing until loaded). */
export function BoxCreator({ slug }: { slug: string }) {
  const { data } = useApiData(getCustomBox, [slug]);
  if (!data) return null;
  const box = data.data;
  return (
    <p className="box-creator" data-testid="box-creator">
      by {box.creator.name} · the creator earns {box.creator_share}% of each opening
    </p>
  );
}
