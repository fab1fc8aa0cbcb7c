// The package keeps projects, databases, collections and documents in plain objects and asks
// `name in draft`, so an id such as `constructor` or `toString` finds Object.prototype's member
// instead of a document and the server crashes (503 in the attack run). These replacements ask
// for an own property and store the new child under a computed key (never the prototype).
import { FirestoreState, FirestoreStateCollection, FirestoreStateDatabase, FirestoreStateDocument, FirestoreStateProject } from '@firestore-emulator/server';

function child(owner, mapName, key, make, event) {
  if (!Object.hasOwn(owner[mapName], key)) {
    const created = make();
    owner[mapName] = { ...owner[mapName], [key]: created };
    if (event) owner.emitter.emit(event.name, { [event.field]: created });
  }
  return owner[mapName][key];
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
