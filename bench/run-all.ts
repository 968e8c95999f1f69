import { benchCrawl } from './src/crawl.bench';
import { benchWordCount } from './src/word-count.bench';

// Every benchmark prints its figures as ratios against a reference measured in this same run.
// BENCH_ONLY=words,crawl (a comma-separated list) runs only those; the crawl takes several minutes.
// crawl-extract is the crawler's per-page reading alone, against the ceiling's (BENCH_EXTRACT_URLS, _ROUNDS).
// fuzzy-tm and tmx-import (a million segments each) take minutes too; FUZZY_TM_SEGMENTS etc. scale them.
// mt-apertium needs apertium-apy and apertium-eng-spa; BENCH_MT_SEGMENTS scales it.
// mt-pretranslate builds a 1 M-segment TM; BENCH_PRETRANSLATE_TM and BENCH_PRETRANSLATE_SEGMENTS scale it.
// codecs: each format's largest fixture, parse + write against its XML or JSON parser (BENCH_CODEC_RUNS).
// api-load: the dashboard's list calls under 50 connections against fetchUIEndpoints (BENCH_API_SECONDS).
// web-load needs the built product (npm run build); BENCH_WEB_RUNS sets its runs.
// proxy needs nginx (apt-get install nginx); BENCH_PROXY_SECONDS and BENCH_PROXY_PAGES shorten it.
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const selected = (name: string) => !only || only.includes(name);
process.stdout.write('Bhasha benchmarks\n');
if (selected('words')) benchWordCount();
if (selected('crawl')) await benchCrawl();
if (selected('crawl-extract')) (await import('./src/crawl-extract.bench')).benchCrawlExtract();
if (selected('fuzzy-tm')) await (await import('./src/fuzzy-tm.bench')).benchFuzzyTm();
if (selected('tmx-import')) await (await import('./src/tmx-import.bench')).benchTmxImport();
if (selected('mt-apertium')) await (await import('./src/mt-apertium.bench')).benchMtApertium();
if (selected('mt-pretranslate')) await (await import('./src/mt-pretranslate.bench')).benchMtPretranslate();
if (selected('codecs')) (await import('./src/codecs.bench')).benchCodecs();
if (selected('snippet')) await (await import('./src/snippet.bench')).benchSnippet();
if (selected('api-load')) await (await import('./src/api-load.bench')).benchApiLoad();
if (selected('proxy')) await (await import('./src/proxy.bench')).benchProxy();
if (selected('web-load')) await (await import('./src/web-load.bench')).benchWebLoad();
