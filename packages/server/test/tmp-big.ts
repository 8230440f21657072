import { createMdisV3Fixture, growSamples } from '/work/wt/mig/packages/server/test/helpers/mdis-v3-fixture';
const fx = await createMdisV3Fixture();
const t = performance.now();
console.log('samples', await growSamples(fx, Number(process.argv[2])), ((performance.now() - t) / 1000).toFixed(1), 's');
console.log(fx.url, fx.filesDir);
