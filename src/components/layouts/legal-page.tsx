// Shared layout of the two legal pages (terms, privacy): a title and sections from the common catalogue.
import { PageHeader } from './page';

export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: { title: string; body: string }[];
}) {
  return (
    <article className="max-w-prose space-y-6">
      <PageHeader title={title} lead={intro} />
      {sections.map((section) => (
        <section key={section.title} className="space-y-2">
          <h2 className="text-2xl">{section.title}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </article>
  );
}
