/**
 * The tree's tag filter value: location groups plus the demographic tags. Its own module so that the
 * tree view and the lazily loaded tag filter both use it without importing each other.
 */
export interface Tags {
  locationGroup: string[];
  adults: boolean;
  children: boolean;
  males: boolean;
  females: boolean;
}
