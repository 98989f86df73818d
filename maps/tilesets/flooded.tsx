<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="flooded" tilewidth="64" tileheight="64" tilecount="3" columns="3">
 <image source="flooded.png" width="192" height="64"/>
 <tile id="0">
  <properties>
   <property name="zone" value="red"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="zone" value="blue"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="zone" value="yellow"/>
  </properties>
 </tile>
</tileset>
