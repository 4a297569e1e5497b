/**
 * Labels that tell rows apart (issue #13): a label shared by several rows gets its occurrence
 * number, "Electricity (1)", "Electricity (2)", so each row's buttons have their own accessible name.
 */
export function distinctLabels(labels: readonly string[]): string[] {
  const total = new Map<string, number>();
  for (const label of labels) total.set(label, (total.get(label) ?? 0) + 1);
  const seen = new Map<string, number>();
  return labels.map((label) => {
    if (total.get(label) === 1) return label;
    const nth = (seen.get(label) ?? 0) + 1;
    seen.set(label, nth);
    return `${label} (${nth})`;
  });
}

/** A class lesson's name for people: name, title and subtitle, as far as they are set. */
export function lessonLabel(lesson: { lessonName: string; lessonTitle: string; lessonSubTitle: string }) {
  const title = lesson.lessonTitle ? `${lesson.lessonName} · ${lesson.lessonTitle}` : lesson.lessonName;
  return lesson.lessonSubTitle ? `${title} – ${lesson.lessonSubTitle}` : title;
}
