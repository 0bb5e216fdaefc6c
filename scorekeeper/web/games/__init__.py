"""Starting, listing and deleting games."""
