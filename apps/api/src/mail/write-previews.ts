/**
 * `npm run mail:previews -w @agency/api -- [dir] [site]`: writes every e-mail, from sample data, as
 * `<name>.html` and `<name>.txt` into `dir` (default: mail-previews), to open in a browser. The logo and
 * the property pictures come from the site at `site` (default http://localhost:3000, `npm run dev`),
 * when it answers.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PREVIEW_BRANCH, renderMailPreviews, toPreviewBrand } from './previews.ts'

async function cardPictures(site: string): Promise<string[]> {
  try {
    const answer = await fetch(`${site}/api/properties?page_size=3`)
    const cards = ((await answer.json()) as { data?: Array<{ image: string | null }> }).data ?? []
    return cards.flatMap((c) => (c.image ? [new URL(c.image, site).toString()] : []))
  } catch {
    return []
  }
}

const dir = path.resolve(process.argv[2] ?? 'mail-previews')
const site = new URL(process.argv[3] ?? 'http://localhost:3000').origin
await mkdir(dir, { recursive: true })
for (const { name, mail } of await renderMailPreviews({ brand: toPreviewBrand(site), branch: PREVIEW_BRANCH, pictures: await cardPictures(site) })) {
  await writeFile(path.join(dir, `${name}.html`), mail.html)
  await writeFile(path.join(dir, `${name}.txt`), `Subject: ${mail.subject}\n${Object.entries(mail.headers ?? {}).map(([k, v]) => `${k}: ${v}\n`).join('')}\n${mail.text}`)
}
console.log(`wrote the e-mails to ${dir}`)
