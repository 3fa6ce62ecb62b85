/** Every admin page: its title and noindex (the server also sends Cache-Control: no-store). */
export function adminHead(title: string) {
  return {
    meta: [
      { title: `${title} | VialCompare admin` },
      { name: 'robots', content: 'noindex, nofollow' },
    ],
  };
}
