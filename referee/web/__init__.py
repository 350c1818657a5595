"""The thin HTTP layer: parse a request into an action, hand it to the store, render regions."""
