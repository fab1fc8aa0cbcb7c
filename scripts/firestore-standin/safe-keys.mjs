// The package keeps projects, databases, collections and documents in plain objects and asks
// `name in draft`, so an id such as `constructor` or `toString` finds Object.prototype's member
// instead of a document and the server crashes (503 in the attack run). These replacements ask
// for an own property and store the new child as an own property (never the prototype).
//
// The map is changed in place, not copied: a copy per new child made every new document cost a
// copy of its whole collection (a booking, in a collection of 6,000 bookings, left ~300 KB of old
// garbage), and under a long soak V8 grew the heap, and the process, to keep up (issue 26).
// A map whose prototype is null takes any key, `__proto__` included, as an own property.
import { FirestoreState, FirestoreStateCollection, FirestoreStateDatabase, FirestoreStateDocument, FirestoreStateProject } from '@firestore-emulator/server';

function child(owner, mapName, key, make, event) {
  let map = owner[mapName];
  if (Object.hasOwn(map, key)) return map[key];
  // Once per map: the package's own maps are plain objects (frozen, when immer made them).
  if (Object.getPrototypeOf(map) !== null) map = owner[mapName] = Object.assign(Object.create(null), map);
  const created = make();
  map[key] = created;
  if (event) owner.emitter.emit(event.name, { [event.field]: created });
  return created;
}

export function patchPrototypeKeys() {
  FirestoreState.prototype.getProject = function (name) {
    return child(this, 'projects', name, () => new FirestoreStateProject(this.emitter, name, {}), { name: 'add-project', field: 'project' });
  };
  FirestoreStateProject.prototype.getDatabase = function (name) {
    return child(this, 'databases', name, () => new FirestoreStateDatabase(this.emitter, this, name, {}), { name: 'add-database', field: 'database' });
  };
  FirestoreStateDatabase.prototype.getCollection = function (name) {
    return child(this, 'collections', name, () => new FirestoreStateCollection(this.emitter, this, this, name, {}), {
      name: 'add-collection',
      field: 'collection',
    });
  };
  FirestoreStateDocument.prototype.getCollection = function (name) {
    return child(this, 'collections', name, () => new FirestoreStateCollection(this.emitter, this.database, this, name, {}), {
      name: 'add-collection',
      field: 'collection',
    });
  };
  FirestoreStateCollection.prototype.getDocument = function (name) {
    return child(this, 'documents', name, () => new FirestoreStateDocument(this.emitter, this.database, this, name, {}, {}), null);
  };
}
