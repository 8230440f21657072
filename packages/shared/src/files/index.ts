export * from './archive-file-parents';
