import { benchWordCount } from './src/word-count.bench';

// Every benchmark prints its figures as ratios against a reference measured in this same run.
process.stdout.write('Bhasha benchmarks\n');
benchWordCount();
