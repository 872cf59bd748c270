/** Drafts kept aside in order, found and removed by id: the stash and the queue. What moves them is elsewhere. */
export class EntryList<Entry extends { id: string }> {
  protected list: Entry[] = [];

  get entries(): Entry[] {
    return [...this.list];
  }

  find(id: string): Entry | undefined {
    return this.list.find((entry) => entry.id === id);
  }

  remove(id: string): boolean {
    const before = this.list.length;
    this.list = this.list.filter((entry) => entry.id !== id);
    return this.list.length < before;
  }
}
