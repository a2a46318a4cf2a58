// check.mjs reads a Parquet file of relink-parquet with two readers that
// are not parquet-go, hyparquet (JavaScript) and DuckDB (C++, through
// its Node.js API), and checks each row against its line of the JSON
// lines it was written from: every field of the line in its column with
// the same value, every other column null. It prints what it read: the
// row count, the row groups, the columns' types, a few values. It is not
// part of the Go module; TestOtherReader of cmd/relink-parquet runs it:
//
//	npm install --prefix DIR hyparquet hyparquet-compressors @duckdb/node-api
//	RELINK_PARQUET_NODE=DIR/node_modules node check.mjs FILE.parquet FILE.jsonl
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const modules = process.env.RELINK_PARQUET_NODE
if (!modules) {
  console.error('check.mjs: RELINK_PARQUET_NODE must name the node_modules directory of the readers')
  process.exit(2)
}
const require = createRequire(join(modules, 'x.js'))
const load = async name => import(pathToFileURL(require.resolve(name)).href)

const [parquetFile, jsonlFile] = process.argv.slice(2)
const lines = readFileSync(jsonlFile, 'utf8').split('\n').filter(l => l !== '').map(l => JSON.parse(l))

const columns = ['page', 'record_id', 'date', 'status', 'charset', 'charset_source', 'record_offset', 'file',
  'tag', 'attr', 'role', 'value', 'href', 'uri', 'iri', 'start', 'end', 'line', 'column', 'rel', 'text', 'lazy', 'error']

// compare checks rows against lines; it returns the number of rows
// equal to their line and prints the first differences.
function compare(reader, rows) {
  let equal = 0, shown = 0
  if (rows.length !== lines.length) {
    console.log(`${reader}: ${rows.length} rows, ${lines.length} lines`)
  }
  for (let i = 0; i < Math.min(rows.length, lines.length); i++) {
    const row = rows[i], line = lines[i]
    const diffs = []
    for (const c of columns) {
      let v = row[c]
      if (typeof v === 'bigint') v = Number(v)
      const want = c in line ? line[c] : null
      if ((v ?? null) !== want) diffs.push(`${c}: ${JSON.stringify(v)}, want ${JSON.stringify(want)}`)
    }
    for (const k of Object.keys(line)) {
      if (!columns.includes(k)) diffs.push(`field ${k} has no column`)
    }
    if (diffs.length === 0) equal++
    else if (shown++ < 5) console.log(`${reader}: row ${i + 1}: ${diffs.join('; ')}`)
  }
  console.log(`${reader}: ${equal} of ${lines.length} rows equal to their line`)
  return equal === lines.length && rows.length === lines.length
}

let ok = true

// hyparquet
{
  const { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } = await load('hyparquet')
  const { compressors } = await load('hyparquet-compressors')
  const file = await asyncBufferFromFile(parquetFile)
  const meta = await parquetMetadataAsync(file)
  const types = meta.schema.slice(1).map(e =>
    `${e.name} ${e.type}${e.logical_type ? '/' + (e.logical_type.type ?? JSON.stringify(e.logical_type)) : ''} ${e.repetition_type}`)
  const codecs = [...new Set(meta.row_groups.flatMap(g => g.columns.map(c => c.meta_data.codec)))]
  console.log(`hyparquet: ${meta.num_rows} rows, ${meta.row_groups.length} row groups, codecs ${codecs.join(',')}, created by ${meta.created_by}`)
  console.log(`hyparquet: columns: ${types.join(', ')}`)
  const rows = await parquetReadObjects({ file, compressors })
  console.log(`hyparquet: row 1: page ${rows[0].page}, tag ${rows[0].tag}, href ${rows[0].href}, start ${rows[0].start}, status ${rows[0].status}`)
  ok = compare('hyparquet', rows) && ok
}

// DuckDB
{
  const { DuckDBInstance } = await load('@duckdb/node-api')
  const db = await DuckDBInstance.create(':memory:')
  const conn = await db.connect()
  const q = `'${parquetFile.replaceAll("'", "''")}'`
  const desc = await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${q})`)
  console.log(`duckdb: columns: ${desc.getRowObjectsJson().map(r => `${r.column_name} ${r.column_type}`).join(', ')}`)
  const roles = await conn.runAndReadAll(`SELECT role, count(*) AS n FROM read_parquet(${q}) GROUP BY role ORDER BY n DESC, role`)
  console.log(`duckdb: links by role: ${roles.getRowObjectsJson().map(r => `${r.role} ${r.n}`).join(', ')}`)
  const res = await conn.runAndReadAll(`SELECT * FROM read_parquet(${q})`)
  const rows = res.getRowObjectsJson().map(r => {
    for (const c of ['status', 'record_offset', 'start', 'end', 'line', 'column']) {
      if (typeof r[c] === 'string') r[c] = Number(r[c]) // BIGINT as JSON
    }
    return r
  })
  ok = compare('duckdb', rows) && ok
}

process.exit(ok ? 0 : 1)
