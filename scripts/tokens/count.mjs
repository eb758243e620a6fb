// count.mjs reads a JSON array of strings on its standard input and writes
// the number of o200k tokens (GPT-4o's encoding, gpt-tokenizer's offline
// vocabulary) of each, as a JSON array, on its standard output.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { input += chunk; });
process.stdin.on('end', () => {
  const texts = JSON.parse(input);
  process.stdout.write(JSON.stringify(texts.map((t) => countTokens(t))));
});
