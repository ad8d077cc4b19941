/*
 * libuv's thread pool runs libvips' image jobs and the file reads that serve stored images alike; with 4 threads
 * (its default) and 2 image jobs each holding one, a GET could still wait behind decoding. Four more threads than
 * image jobs keep reads free. libuv reads the variable when the pool is first used, so main.ts imports this first.
 */
const imageJobs = Number(process.env.MEDIA_IMAGE_JOBS) || 2; // MediaConfig's default
process.env.UV_THREADPOOL_SIZE ??= String(imageJobs + 4);
