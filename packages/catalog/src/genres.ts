// The genre list is part of the contract shared with the web app.
export { GENRES, GENRE_NAMES } from '@app/contracts';
